export { AccessHistoryTab } from './AccessHistoryTab';
