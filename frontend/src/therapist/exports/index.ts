export { ExportTab } from './ExportTab';
