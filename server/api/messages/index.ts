import en from './en.json';
import ru from './ru.json';
import uz from './uz.json';

/**
 * The API's own messages by language (errors, validation, identification hints, order answers,
 * the payment sandbox): what `translate()` (server/api/http/language.ts) reads, and what tests
 * compare the API's answers with.
 */
export const API_MESSAGES = { ru, en, uz } as const;
