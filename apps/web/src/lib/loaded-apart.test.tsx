import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { loadedApart } from './loaded-apart.tsx';

const Greeting = ({ name }: { name: string }) => <p>Hello, {name}</p>;

class Caught extends Component<{ children: ReactNode }, { message?: string }> {
  override state: { message?: string } = {};
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message ? <p>Failed: {this.state.message}</p> : this.props.children;
  }
}

describe('a component loaded apart', () => {
  it('shows its fallback, then the component once its code is there', async () => {
    let arrive: (component: typeof Greeting) => void = () => {};
    const Part = loadedApart(
      () => new Promise<typeof Greeting>((resolve) => (arrive = resolve)),
      <p>Loading…</p>,
    );
    render(<Part name="Ada" />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    arrive(Greeting);
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('renders at once, without its fallback, when its code was loaded before', async () => {
    const Part = loadedApart(async () => Greeting, <p>Loading…</p>);
    await Part.preload();
    render(<Part name="Grace" />);
    // In the first render's output: no fallback was ever shown.
    expect(screen.getByText('Hello, Grace')).toBeTruthy();
  });

  it("sends a failed load to the nearest error boundary, as a lazy component's", async () => {
    const Part = loadedApart<{ name: string }>(async () => {
      throw new Error('chunk missing');
    });
    render(
      <Caught>
        <Part name="Ada" />
      </Caught>,
    );
    expect(await screen.findByText('Failed: chunk missing')).toBeTruthy();
  });
});
