import en from './en.json';
import ru from './ru.json';
import uz from './uz.json';
import { toUzbekCyrillicCatalogue } from '../../../shared/uzbek-cyrillic';

/**
 * The API's own messages by language (errors, validation, identification hints, order answers,
 * the payment sandbox): what `translate()` (server/api/http/language.ts) reads, and what tests
 * compare the API's answers with. Uzbek in Cyrillic is the Latin file transliterated
 * (shared/uzbek-cyrillic.ts), as the site's texts are.
 */
export const API_MESSAGES = { ru, en, uz, 'uz-cyrl': toUzbekCyrillicCatalogue(uz) } as const;
