import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TEXT } from '../i18n/es/app';

interface State {
  failed: boolean;
}

/** Catches a failed lazy chunk (e.g. after a redeploy) or a render error, and offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box role="alert" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
        <Box>
          <Typography variant="h6" component="h1" gutterBottom>
            {TEXT.pageError.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {TEXT.pageError.text}
          </Typography>
          <Button variant="contained" startIcon={<RefreshOutlined />} onClick={() => window.location.reload()}>
            {TEXT.pageError.reload}
          </Button>
        </Box>
      </Box>
    );
  }
}
