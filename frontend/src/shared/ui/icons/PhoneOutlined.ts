import shape from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { icon } from './icon';

export const PhoneOutlined = icon(shape);
