import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuth } from '../../lib/auth-store';
import { makeProfile, renderRoutes, reply, spyFeedback } from '../../lib/testing';
import { OracleProjectTaskItems, type OracleProjectTaskItemsProps } from './oracle-project-task-items';

const PROJECTS = [
  { id: 1, number: 'OP-1', name: 'Oracle un', businessUnitName: 'BU Sud' },
  { id: 2, number: 'OP-2', name: 'Oracle deux', businessUnitName: 'BU Nord' },
];

const TASKS: Record<number, { id: number; number: string; name: string }[]> = {
  1: [{ id: 71, number: '1.1', name: 'Travaux un' }],
  2: [{ id: 72, number: '2.1', name: 'Travaux deux' }],
};

function serve() {
  const fetchMock = vi.fn(async (url: string) => {
    const path = url.split('?')[0] ?? url;
    if (path === '/api/oracle/projects') {
      return reply(200, { content: PROJECTS, totalElements: PROJECTS.length });
    }
    const tasksOf = /^\/api\/oracle\/project\/(\d+)\/tasks$/.exec(path);
    if (tasksOf) {
      return reply(200, TASKS[Number(tasksOf[1])] ?? []);
    }
    return reply(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function TaskValue() {
  const task = Form.useWatch<number | null>('task');
  return <output>{task ? `tâche ${task}` : 'aucune tâche'}</output>;
}

function show(props: Pick<OracleProjectTaskItemsProps, 'projects' | 'required'>) {
  const profile = makeProfile();
  setAuth({
    token: 't',
    profile: {
      ...profile,
      role: { ...profile.role, rights: { ...profile.role.rights, read: ['oracle_project', 'oracle_task'] } },
    },
  });
  const element = (
    <Form initialValues={{ project: null, task: null }}>
      <OracleProjectTaskItems
        project={{ name: 'project', label: 'Projet émetteur' }}
        task={{ name: 'task', label: 'Tâche émettrice' }}
        {...props}
      />
      <TaskValue />
    </Form>
  );
  renderRoutes([{ path: '/', element }], '/');
}

async function pickProject(number: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Choisir' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(await within(dialog).findByText(number));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const taskSelect = () => screen.getByLabelText('Tâche émettrice') as HTMLInputElement;

async function chooseTask(label: string) {
  fireEvent.mouseDown(taskSelect());
  const items = await screen.findAllByText(label);
  fireEvent.click(items[items.length - 1] as HTMLElement);
}

describe('OracleProjectTaskItems', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setAuth({ token: null, profile: null });
  });

  it("keeps the task read-only until a project is picked, lists that project's tasks, and empties it for another project", async () => {
    spyFeedback();
    const fetchMock = serve();
    show({ required: 'taskOfProject' });
    expect(taskSelect().disabled).toBe(true);
    expect(screen.getByText("Choisissez d'abord le projet : la tâche en dépend.")).toBeTruthy();

    await pickProject('OP-1');
    expect((screen.getByLabelText('Projet émetteur') as HTMLInputElement).value).toBe('OP-1 — Oracle un');
    await waitFor(() => expect(taskSelect().disabled).toBe(false));
    await chooseTask('1.1 — Travaux un');
    await waitFor(() => expect(screen.getByText('tâche 71')).toBeTruthy());

    await pickProject('OP-2');
    expect((screen.getByLabelText('Projet émetteur') as HTMLInputElement).value).toBe('OP-2 — Oracle deux');
    await waitFor(() => expect(screen.getByText('aucune tâche')).toBeTruthy());
    await chooseTask('2.1 — Travaux deux');
    expect(screen.queryByText('1.1 — Travaux un')).toBeNull();
    await waitFor(() => expect(screen.getByText('tâche 72')).toBeTruthy());
    const taskPaths = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/tasks'));
    expect(taskPaths).toEqual(['/api/oracle/project/1/tasks', '/api/oracle/project/2/tasks']);
  }, 30_000);

  it('chooses the project among the given ones when there are, and empties the task the same way', async () => {
    spyFeedback();
    serve();
    show({ required: 'both', projects: { data: PROJECTS, isLoading: false } });
    expect(taskSelect().disabled).toBe(true);

    fireEvent.mouseDown(screen.getByLabelText('Projet émetteur'));
    fireEvent.click(await screen.findByText('OP-1 — Oracle un'));
    await waitFor(() => expect(taskSelect().disabled).toBe(false));
    await chooseTask('1.1 — Travaux un');
    await waitFor(() => expect(screen.getByText('tâche 71')).toBeTruthy());

    fireEvent.mouseDown(screen.getByLabelText('Projet émetteur'));
    fireEvent.click(await screen.findByText('OP-2 — Oracle deux'));
    await waitFor(() => expect(screen.getByText('aucune tâche')).toBeTruthy());
  }, 30_000);
});
