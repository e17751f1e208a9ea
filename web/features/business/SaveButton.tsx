import { businessMessages } from '../../../shared/business';
import { Button } from '../../components/ui/button';

/** Every tab's save button: sends the whole account, 'Saving...' and disabled meanwhile. */
export function SaveButton({ saving }: { saving: boolean }) {
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={saving}>
        {saving ? businessMessages.saving : 'Save Changes'}
      </Button>
    </div>
  );
}

/** A tab's form: submitting it (its button, or Enter in a field) saves the whole account. */
export function TabForm({
  label,
  saving,
  onSave,
  children,
}: {
  label: string;
  saving: boolean;
  onSave: () => void;
  children: React.ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      {children}
      <SaveButton saving={saving} />
    </form>
  );
}
