// What other features use of organizations; inside the feature, files import each other directly.
export { CreateOrganizationPage } from './CreateOrganizationPage';
export { OrganizationsCard } from './OrganizationsCard';
