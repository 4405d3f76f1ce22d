import { useAtomValue } from 'jotai';
import type { Language, Settings, User } from '../contracts/core';
import { badgesAtom, languageAtom, sessionAtom, settingsAtom, store } from './atoms';
import type { Badges } from './atoms';

// The hooks name the one store explicitly, so they work with or without a <Provider>.

export function useSession(): User | null {
  return useAtomValue(sessionAtom, { store });
}

export function useSettings(): Settings | null {
  return useAtomValue(settingsAtom, { store });
}

export function useBadges(): Badges {
  return useAtomValue(badgesAtom, { store });
}

export function useLanguage(): Language {
  return useAtomValue(languageAtom, { store });
}
