import shape from '@ant-design/icons-svg/es/asn/LeftOutlined';
import { icon } from './icon';

export const LeftOutlined = icon(shape);
