import { AlertOutlined } from '../../../shared/ui/icons/AlertOutlined';
import { ExperimentOutlined } from '../../../shared/ui/icons/ExperimentOutlined';
import { FireOutlined } from '../../../shared/ui/icons/FireOutlined';
import { SkinOutlined } from '../../../shared/ui/icons/SkinOutlined';
import { SmileOutlined } from '../../../shared/ui/icons/SmileOutlined';
import { ThunderboltOutlined } from '../../../shared/ui/icons/ThunderboltOutlined';
import type { SymptomCategoryId } from '@hhp/proto/catalogue/symptom-categories';
import type { ComponentType } from 'react';

export const CATEGORY_ICONS: Record<SymptomCategoryId, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  digestive: FireOutlined,
  energy: ThunderboltOutlined,
  pain: AlertOutlined,
  mental: SmileOutlined,
  skin: SkinOutlined,
  hormonal: ExperimentOutlined,
};
