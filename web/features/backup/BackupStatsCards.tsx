import type { BackupStats } from '../../../shared/ops/backups';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { formatBytes, formatDuration } from './backupFormat';

export function BackupStatsCards({ stats }: { stats: BackupStats | undefined }) {
  const cards = [
    { label: 'Total Backups', value: stats ? String(stats.totalBackups) : '—' },
    { label: 'Success Rate', value: stats ? `${stats.successRate}%` : '—' },
    {
      label: 'Average Backup Time',
      value: stats ? formatDuration(stats.averageBackupTime) : '—',
    },
    {
      label: 'Storage Used',
      value: stats
        ? `${formatBytes(stats.totalSize)} of ${formatBytes(stats.storageLimit)} (${stats.storageUsed}%)`
        : '—',
    },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.label}>
          <CardHeader>
            <CardDescription>{card.label}</CardDescription>
            <CardTitle className="text-xl tabular-nums">{card.value}</CardTitle>
          </CardHeader>
          <CardContent />
        </Card>
      ))}
    </div>
  );
}
