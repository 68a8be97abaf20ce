import shape from '@ant-design/icons-svg/es/asn/RobotOutlined';
import { icon } from './icon';

export const RobotOutlined = icon(shape);
