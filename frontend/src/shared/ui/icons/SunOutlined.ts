import shape from '@ant-design/icons-svg/es/asn/SunOutlined';
import { icon } from './icon';

export const SunOutlined = icon(shape);
