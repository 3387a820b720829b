import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';

/** Icons of the six features, in the order of TEXT.features.items. */
export const FEATURE_ICONS = [VideocamOutlined, AutoAwesomeOutlined, GroupsOutlined, BarChartOutlined, LockOutlined, BoltOutlined];
