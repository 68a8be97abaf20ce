import shape from '@ant-design/icons-svg/es/asn/HeartOutlined';
import { icon } from './icon';

export const HeartOutlined = icon(shape);
