import {
  AppleOutlined,
  HeartOutlined,
  SafetyOutlined,
  SoundOutlined,
  SunOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
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
