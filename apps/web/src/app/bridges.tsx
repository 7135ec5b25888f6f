import { useEffect } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { bindFeedback } from '../shared/feedback';
import { bindNavigate } from '../shared/navigation';

/** Hands antd's context-aware message API to code outside React (the API client). */
export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => bindFeedback(message), [message]);
  return null;
}

/** Hands the router's navigate to code outside React (envelope redirects, session actions). */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigate(navigate);
    return () => bindNavigate(null);
  }, [navigate]);
  return null;
}
