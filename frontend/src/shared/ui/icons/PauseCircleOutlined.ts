import shape from '@ant-design/icons-svg/es/asn/PauseCircleOutlined';
import { icon } from './icon';

export const PauseCircleOutlined = icon(shape);
