import shape from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import { icon } from './icon';

export const ClockCircleOutlined = icon(shape);
