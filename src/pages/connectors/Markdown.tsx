import { Anchor, Blockquote, Code, List, Stack, Table, Text, Title } from '@mantine/core';
import { TableScroll } from '#src/ui/table/TableScroll.tsx';
import { parseMarkdown, type Inline } from './markdown.ts';

function Inlines({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return <Code key={index}>{node.text}</Code>;
      case 'strong':
        return (
          <strong key={index}>
            <Inlines nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <Inlines nodes={node.children} />
          </em>
        );
      case 'link':
        return (
          <Anchor key={index} href={node.href} target={node.href.startsWith('#') ? undefined : '_blank'} rel="noopener noreferrer" underline="always" inherit>
            <Inlines nodes={node.children} />
          </Anchor>
        );
    }
  });
}

/**
 * A connector's README (connectors.md §3). Its headings start at `headingLevel` (a README's `#` under the page's own
 * heading), and nothing in it is read as HTML.
 */
export function Markdown({ source, headingLevel = 2 }: { source: string; headingLevel?: 2 | 3 }) {
  return (
    <Stack gap="sm" style={{ overflowWrap: 'anywhere' }}>
      {parseMarkdown(source).map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Title key={index} order={Math.min(6, block.level + headingLevel - 1) as 2} fz={block.level === 1 ? 'h3' : 'h4'}>
                <Inlines nodes={block.children} />
              </Title>
            );
          case 'paragraph':
            return (
              <Text key={index} fz="sm">
                <Inlines nodes={block.children} />
              </Text>
            );
          case 'quote':
            return (
              <Blockquote key={index} p="sm" fz="sm">
                <Inlines nodes={block.children} />
              </Blockquote>
            );
          case 'list':
            return (
              <List key={index} type={block.ordered ? 'ordered' : 'unordered'} fz="sm" spacing={4}>
                {block.items.map((item, itemIndex) => (
                  <List.Item key={itemIndex}>
                    <Inlines nodes={item} />
                  </List.Item>
                ))}
              </List>
            );
          case 'table':
            return (
              <TableScroll key={index}>
                <Table fz="sm" withTableBorder verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      {block.header.map((cell, cellIndex) => (
                        <Table.Th key={cellIndex}>
                          <Inlines nodes={cell} />
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {block.rows.map((row, rowIndex) => (
                      <Table.Tr key={rowIndex}>
                        {row.map((cell, cellIndex) => (
                          <Table.Td key={cellIndex}>
                            <Inlines nodes={cell} />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            );
          case 'code':
            return (
              <Code key={index} block>
                {block.text}
              </Code>
            );
        }
      })}
    </Stack>
  );
}
