import { AppleOutlined } from '../../../shared/ui/icons/AppleOutlined';
import { HeartOutlined } from '../../../shared/ui/icons/HeartOutlined';
import { SafetyOutlined } from '../../../shared/ui/icons/SafetyOutlined';
import { SoundOutlined } from '../../../shared/ui/icons/SoundOutlined';
import { SunOutlined } from '../../../shared/ui/icons/SunOutlined';
import { ThunderboltOutlined } from '../../../shared/ui/icons/ThunderboltOutlined';
import type { ModalityId } from '@hhp/proto/catalogue/modalities';
import type { ComponentType } from 'react';

// The catalogue names an icon per modality (leaf, spine, …); these are the closest antd icons.
export const MODALITY_ICONS: Record<ModalityId, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  ayurveda: SunOutlined,
  chiropractic: HeartOutlined,
  naet: SafetyOutlined,
  lifevessel: SoundOutlined,
  lifewave: ThunderboltOutlined,
  nutrition: AppleOutlined,
};
