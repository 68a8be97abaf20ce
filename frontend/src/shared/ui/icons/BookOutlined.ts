import shape from '@ant-design/icons-svg/es/asn/BookOutlined';
import { icon } from './icon';

export const BookOutlined = icon(shape);
