import shape from '@ant-design/icons-svg/es/asn/ArrowRightOutlined';
import { icon } from './icon';

export const ArrowRightOutlined = icon(shape);
