import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { withWordBreaks } from '#src/ui/word-breaks.tsx';

/** The rows the kit stories show: members of a team, one with a name and an e-mail as long as people give them. */
export type Member = { id: string; name: string; email: string; role: string };

export const members: Member[] = [
  { id: 'ann', name: 'Ann Lee', email: 'ann@example.com', role: 'Admin' },
  { id: 'bob', name: 'Bob Stone', email: 'bob@example.com', role: 'Member' },
  { id: 'long', name: 'Maximiliane Wilhelmina Fitzgerald-Oyelaran', email: 'maximiliane.fitzgerald-oyelaran@customer-self-service.example.com', role: 'Member' },
];

export const memberColumns: Column<Member>[] = [
  { key: 'name', title: 'Name', render: (member) => member.name },
  { key: 'email', title: 'E-mail', render: (member) => withWordBreaks(member.email) },
  { key: 'role', title: 'Role', render: (member) => <Badge variant="light">{member.role}</Badge>, width: 120 },
];

/** A row link that tells the story which row opened instead of leaving the page. */
export const memberLink = (onOpen: (id: string) => void) => (member: Member, children: ReactNode) => (
  <a
    href={`#${member.id}`}
    data-row-link
    onClick={(event) => {
      event.preventDefault();
      onOpen(member.id);
    }}
  >
    {children}
  </a>
);
