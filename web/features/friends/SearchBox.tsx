import { Search } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { canSubmitSearch } from './searchRules';

/** Spec 000 §5: Enter submits; the button is disabled for blank text and while searching. */
export function SearchBox({
  text,
  searching,
  onTextChange,
  onSubmit,
}: {
  text: string;
  searching: boolean;
  onTextChange: (text: string) => void;
  onSubmit: () => void;
}) {
  const inputId = useId();
  const enabled = canSubmitSearch(text, searching);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (enabled) onSubmit();
  };
  return (
    <form role="search" onSubmit={submit} className="grid gap-2">
      <Label htmlFor={inputId}>Find people by name or username</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="search"
          data-testid="friends-search-input"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          placeholder="Search people"
          autoComplete="off"
          maxLength={100}
        />
        <Button type="submit" data-testid="friends-search-button" disabled={!enabled}>
          {searching ? <Spinner /> : <Search aria-hidden />}
          Search
        </Button>
      </div>
    </form>
  );
}
