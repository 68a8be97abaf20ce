import shape from '@ant-design/icons-svg/es/asn/SoundOutlined';
import { icon } from './icon';

export const SoundOutlined = icon(shape);
