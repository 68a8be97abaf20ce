import {
  AlertOutlined,
  ExperimentOutlined,
  FireOutlined,
  SkinOutlined,
  SmileOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
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
