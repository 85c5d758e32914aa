import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_public/')({
  component: () => <h1 className="p-8 text-3xl font-bold">FoodBridge</h1>,
});
