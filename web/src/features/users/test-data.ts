import type { FunctionName } from '@letokruh/contracts/permissions';
import { functionNames } from '@letokruh/contracts/permissions';
import type { UserItem } from '@letokruh/contracts/users';

/** A user as GET /users and GET /user/{id} answer it. */
export function makeUser(id: number, functions: FunctionName[], overrides: Partial<UserItem> = {}): UserItem {
  const user: UserItem = {
    id,
    username: `user${id}`,
    first_name: 'Karel',
    last_name: `Novotný ${id}`,
    name: `Karel Novotný ${id}`,
    email: `user${id}@example.cz`,
    phone: '',
    avatar: false,
    is_active: true,
    functions: functions.map((name) => ({ id: functionNames.indexOf(name) + 1, name })),
    maximum_order_count: null,
    sign_in_locked_until: null,
    version: 3,
  };
  return { ...user, ...overrides };
}
