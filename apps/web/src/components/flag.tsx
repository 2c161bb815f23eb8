// A country's flag, served by the shop itself (public/flags, copied from flag-icons at build).
import { useState } from 'react';
import { flagUrl, unknownFlagUrl } from '../lib/flags';

interface FlagProps {
  iso: string;
  /** Width in CSS pixels; flags are 4:3. */
  width: number;
  /** Empty when the country's name is written next to the flag, as it usually is. */
  alt?: string;
  className?: string;
}

export function Flag({ iso, width, alt = '', className = '' }: FlagProps) {
  // Remembers which code failed, so a new code gets a fresh try at its own flag.
  const [failedIso, setFailedIso] = useState<string>();
  return (
    <img
      src={failedIso === iso ? unknownFlagUrl : flagUrl(iso)}
      alt={alt}
      width={width}
      height={Math.round((width * 3) / 4)}
      loading="lazy"
      decoding="async"
      onError={() => setFailedIso(iso)}
      className={`shrink-0 rounded-[3px] bg-slate-100 object-cover shadow-[0_0_0_1px_rgb(15_23_42/0.12)] ${className}`}
    />
  );
}
