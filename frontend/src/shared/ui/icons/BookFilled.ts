import shape from '@ant-design/icons-svg/es/asn/BookFilled';
import { icon } from './icon';

export const BookFilled = icon(shape);
