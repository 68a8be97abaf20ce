import shape from '@ant-design/icons-svg/es/asn/SkinOutlined';
import { icon } from './icon';

export const SkinOutlined = icon(shape);
