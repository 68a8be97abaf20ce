import shape from '@ant-design/icons-svg/es/asn/ExperimentOutlined';
import { icon } from './icon';

export const ExperimentOutlined = icon(shape);
