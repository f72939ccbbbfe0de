/** A thin top progress bar while React Router navigates (brand.md «Motion»). */
import { useNavigation } from 'react-router';

export function NavigationProgress() {
  const navigation = useNavigation();
  const active = navigation.state !== 'idle';
  return (
    <div
      aria-hidden
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 2,
        zIndex: 400,
        background: 'var(--vt-accent)',
        width: active ? '80%' : '0%',
        opacity: active ? 1 : 0,
        transition: active ? 'width 8s cubic-bezier(.1,.7,.2,1), opacity 150ms' : 'opacity 300ms',
      }}
    />
  );
}
