import shape from '@ant-design/icons-svg/es/asn/SendOutlined';
import { icon } from './icon';

export const SendOutlined = icon(shape);
