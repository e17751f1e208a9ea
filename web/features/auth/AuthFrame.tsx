import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { Footer } from '../../components/Footer';
import { ThemeToggle } from '../theme';

/** The frame of the sign-in pages: brand, one centred card, footer. No side panel. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-lg" aria-label="Agora home">
          <Logo />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center sm:py-10">
        {children}
      </main>
      <Footer className="border-t-0" />
    </div>
  );
}
