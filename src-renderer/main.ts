import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { connect } from './api';
import './styles/base.css';

// Apply the remembered theme before the first paint (no inline scripts are allowed by the CSP).
const theme = localStorage.getItem('oarag.theme');
const dark =
  theme === 'dark' ||
  ((theme === null || theme === 'system') && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
document.documentElement.dataset.theme = dark ? 'dark' : 'light';

connect();
createApp(App).use(createPinia()).mount('#app');
