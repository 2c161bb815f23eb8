/** Logout, in a menu: the menu closes (`onDone`) as the logout starts. */
import type { ReactNode } from 'react';
import { useLogout } from '../lib/use-logout';

interface LogoutButtonProps {
  onDone: () => void;
  className: string;
  children: ReactNode;
}

export function LogoutButton({ onDone, className, children }: LogoutButtonProps) {
  const logout = useLogout();
  return (
    <button
      type="button"
      onClick={() => {
        onDone();
        logout.mutate();
      }}
      className={className}
    >
      {children}
    </button>
  );
}
