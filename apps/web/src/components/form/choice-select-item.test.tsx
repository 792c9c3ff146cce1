import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
// antd's select measures itself: the testing helpers bring a ResizeObserver to jsdom
import '../../lib/testing';
import { ChoiceSelectItem, withCurrent } from './choice-select-item';

const options = [
  { value: 1, label: 'Virement' },
  { value: 2, label: 'Chèque' },
];

describe('withCurrent', () => {
  it('keeps the saved choice the loaded list lacks, first, and adds nothing otherwise', () => {
    expect(withCurrent(options, 9, 'Traite')).toEqual([{ value: 9, label: 'Traite' }, ...options]);
    expect(withCurrent([], 9, null)).toEqual([{ value: 9, label: '9' }]);
    expect(withCurrent(options, 2, 'Chèque')).toBe(options);
    expect(withCurrent(options, null, null)).toBe(options);
  });
});

describe('ChoiceSelectItem', () => {
  afterEach(cleanup);

  it('shows the saved choice the loaded list lacks, under its label', () => {
    render(
      <Form initialValues={{ payment: 9 }}>
        <ChoiceSelectItem name="payment" label="Paiement" options={options} current={{ id: 9, label: 'Traite' }} />
      </Form>,
    );
    expect(screen.getByTitle('Traite')).toBeTruthy();
  });

  it('gives the form the chosen value, then tells onChange', async () => {
    const onChange = vi.fn();
    const onValuesChange = vi.fn();
    render(
      <Form onValuesChange={onValuesChange}>
        <ChoiceSelectItem name="payment" label="Paiement" options={options} onChange={onChange} />
      </Form>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Chèque'));
    expect(onValuesChange).toHaveBeenCalledWith({ payment: 2 }, { payment: 2 });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('is disabled when told, and marks a required field', () => {
    render(
      <Form>
        <ChoiceSelectItem name="payment" label="Paiement" required disabled options={options} />
      </Form>,
    );
    expect(screen.getByRole('combobox').hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('.ant-form-item-required')?.textContent).toBe('Paiement');
  });
});
