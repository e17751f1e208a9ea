export { BusinessAccountPage } from './BusinessAccountPage';
export { CreateOrganizationPage } from '../organizations';
