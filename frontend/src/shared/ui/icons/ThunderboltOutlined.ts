import shape from '@ant-design/icons-svg/es/asn/ThunderboltOutlined';
import { icon } from './icon';

export const ThunderboltOutlined = icon(shape);
