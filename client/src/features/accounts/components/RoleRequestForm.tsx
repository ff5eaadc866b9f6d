// Ask for another role from the profile; an admin approves or declines it.
import { useState } from 'react';
import type { PublicUser } from '@domain/auth.ts';
import { ROLE_LABELS, SIGNUP_ROLES, type SignupRole } from '@domain/users.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/form-field.tsx';
import { NativeSelect } from '@/components/ui/input.tsx';
import { useRequestRole } from '../api/request-role.ts';

export function RoleRequestForm({ user }: { user: PublicUser }) {
  const others = SIGNUP_ROLES.filter((r) => r !== user.role);
  const [role, setRole] = useState<SignupRole>(others[0]!);
  const request = useRequestRole();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field id="role-request" label="Ask for another role" className="w-48">
        <NativeSelect id="role-request" value={role} onChange={(e) => setRole(e.target.value as SignupRole)}>
          {others.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Button variant="outline" disabled={request.isPending} onClick={() => request.mutate(role)}>
        Request role
      </Button>
    </div>
  );
}
