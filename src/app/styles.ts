// Mantine's global layers. Each component's own stylesheet comes with the chunk that uses it (vite.mantine-styles.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
