import { PageHeader } from '../../components/PageHeader';
import { OwnerOnly } from '../ops/OwnerOnly';

export function BackupDemoPage() {
  return (
    <OwnerOnly title="Backup and Recovery">
      <PageHeader
        title="Backup and Recovery"
        description="Backups, restores and their configuration."
      />
    </OwnerOnly>
  );
}
