import shape from '@ant-design/icons-svg/es/asn/AppleOutlined';
import { icon } from './icon';

export const AppleOutlined = icon(shape);
