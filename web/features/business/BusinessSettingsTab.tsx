import { Download, FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { businessMessages, type BusinessAccount } from '../../../shared/business';
import { Alert } from '../../components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { BUSINESS_EXPORT_URL, useDeleteBusinessAccountMutation } from './businessApi';
import type { BusinessTabProps } from './businessDraft';
import { TabForm } from './SaveButton';

/**
 * Export (a JSON download), the printable report, and deletion after a confirmation. The first
 * two need a saved account; deleting removes it and the page starts over from the defaults.
 */
export function BusinessSettingsTab({
  account,
  saving,
  onSave,
}: Pick<BusinessTabProps, 'saving' | 'onSave'> & { account: BusinessAccount }) {
  const [confirming, setConfirming] = useState(false);
  const [remove, { isLoading: deleting, isError }] = useDeleteBusinessAccountMutation();
  const saved = account.exists;
  return (
    <TabForm label="Account settings" saving={saving} onSave={onSave}>
      <Card>
        <CardHeader>
          <h2 className="text-base font-semibold">Your data</h2>
          <CardDescription>
            {saved
              ? 'Download everything saved in your business account, or a report to print.'
              : `${businessMessages.notCreated}: save the Profile tab first.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          {saved ? (
            <>
              <a
                href={BUSINESS_EXPORT_URL}
                download
                className={buttonVariants({ variant: 'outline' })}
              >
                <Download aria-hidden /> Export Business Data
              </a>
              <Link
                to="/business-account/report"
                className={buttonVariants({ variant: 'outline' })}
              >
                <FileText aria-hidden /> Download Business Report
              </Link>
            </>
          ) : (
            <>
              <Button type="button" variant="outline" disabled>
                <Download aria-hidden /> Export Business Data
              </Button>
              <Button type="button" variant="outline" disabled>
                <FileText aria-hidden /> Download Business Report
              </Button>
            </>
          )}
        </CardContent>
      </Card>
      <Card className="border-destructive/40">
        <CardHeader>
          <h2 className="text-base font-semibold">Danger zone</h2>
          <CardDescription>Deleting removes your business account for good.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {isError && <Alert>{businessMessages.deleteFailed}</Alert>}
          <div>
            <Button
              type="button"
              variant="destructive"
              disabled={!saved || deleting}
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden /> Delete Business Account
            </Button>
          </div>
        </CardContent>
      </Card>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete Business Account?</AlertDialogTitle>
          <AlertDialogDescription>{businessMessages.deleteConfirm}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void remove()}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </TabForm>
  );
}
