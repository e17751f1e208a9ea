import { Building, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Organization } from '../../../shared/organizations';
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
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useDeleteOrganizationMutation, useListOrganizationsQuery } from './organizationsApi';

/** The member's organizations on the business account's Overview, each deletable after a confirm. */
export function OrganizationsCard() {
  const { data, isLoading, isError, refetch } = useListOrganizationsQuery();
  const [removing, setRemoving] = useState<Organization | null>(null);
  const [remove, { isError: deleteFailed }] = useDeleteOrganizationMutation();
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <h2 className="text-base font-semibold">Organizations</h2>
        <Link
          to="/create-organization"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <Plus aria-hidden /> Create Organization
        </Link>
      </CardHeader>
      <CardContent className="grid gap-3">
        {deleteFailed && <Alert>Failed to delete the organization. Please try again.</Alert>}
        {isLoading && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" /> Loading organizations...
          </p>
        )}
        {isError && (
          <Alert>
            Failed to load organizations.{' '}
            <Button variant="link" size="inline" onClick={() => void refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {data?.length === 0 && (
          <p className="text-sm text-muted-foreground">You have not created an organization yet.</p>
        )}
        {data && data.length > 0 && (
          <ul aria-label="Your organizations" className="grid gap-2">
            {data.map((organization) => (
              <li key={organization.id} className="flex items-center gap-3 rounded-lg border p-2">
                {organization.logo ? (
                  <img src={organization.logo} alt="" className="size-10 rounded-md object-cover" />
                ) : (
                  <Building className="size-10 p-2 text-muted-foreground" aria-hidden />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{organization.name}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {[organization.industry, organization.size, organization.city]
                      .filter(Boolean)
                      .join(' · ') || 'No details yet'}
                  </p>
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${organization.name}`}
                  onClick={() => setRemoving(organization)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete {removing?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            The organization and its details are removed. This cannot be undone.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => removing && void remove(removing.id)}>
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
