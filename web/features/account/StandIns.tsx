import { Button } from '../../components/ui/button';

/** Stand-ins so the Privacy tab compiles here: the account work replaces this file at merge. */
export function DownloadMyDataButton() {
  return <Button variant="outline">Download My Data</Button>;
}

export function DeleteAccountButton() {
  return <Button variant="destructive">Delete Account</Button>;
}
