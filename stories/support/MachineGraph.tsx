import { useEffect, useId, useState } from 'react';

export type MachineGraphProps = { name: string; source: string };

/** Renders a machine's Mermaid graph (docs/graphs/<name>.mmd). Mermaid is loaded here only, never by the console. */
export function MachineGraph({ name, source }: MachineGraphProps) {
  const id = `graph-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [svg, setSvg] = useState<string>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let current = true;
    void import('mermaid')
      .then(async ({ default: mermaid }) => {
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });
        const rendered = await mermaid.render(id, source);
        if (current) setSvg(rendered.svg);
      })
      .catch((error: unknown) => current && setFailure(String(error)));
    return () => {
      current = false;
    };
  }, [id, source]);

  return (
    <figure aria-label={`State graph of the ${name} machine`} style={{ margin: 0 }}>
      {failure ? <pre role="alert">{failure}</pre> : null}
      {/* Mermaid's output, sanitised by its strict security level. */}
      {svg ? <div dangerouslySetInnerHTML={{ __html: svg }} /> : <p>Drawing the graph…</p>}
      <figcaption>
        <code>docs/graphs/{name}.mmd</code> — regenerate with <code>npm run graphs</code>.
      </figcaption>
    </figure>
  );
}
