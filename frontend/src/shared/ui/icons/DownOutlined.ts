import shape from '@ant-design/icons-svg/es/asn/DownOutlined';
import { icon } from './icon';

export const DownOutlined = icon(shape);
