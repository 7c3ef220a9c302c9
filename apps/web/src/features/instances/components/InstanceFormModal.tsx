import {
  GAP_OPTIONS,
  INSTANCE_MESSAGES,
  INSTANCE_REGIONS,
  INSTANCE_STATES,
  INSTANCE_TYPES,
  type Instance,
  instanceInputSchema,
  instancesResource,
} from '@sitefleet/contract';
import { useState } from 'react';
import { FormModal } from '../../../components/FormModal.tsx';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { SelectField, TextField } from '../../../components/form/FormField.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { RotateSecret, SecretAddedModal } from '../../../components/RotateSecret.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { useResourceForm } from '../../../lib/use-resource-form.ts';
import { useRotateAgentToken } from '../api/agent-token.ts';

/** The form's values as typed: the cost stays text, so that 'abc' can be told from an empty field. */
interface InstanceFormValues {
  instance_id: string;
  ip_address: string;
  current_state: string;
  gap: string;
  region: string;
  type: string;
  cost: string;
}

/** The fields chosen from the contract's option lists, in the order the form shows them. */
const CHOICE_FIELDS = [
  { name: 'current_state', label: 'Current State', values: INSTANCE_STATES, hint: 'a state' },
  { name: 'gap', label: 'Gap', values: GAP_OPTIONS, hint: 'a time' },
  { name: 'region', label: 'Region', values: INSTANCE_REGIONS, hint: 'a region' },
  { name: 'type', label: 'Type', values: INSTANCE_TYPES, hint: 'a type' },
] as const satisfies readonly {
  name: keyof InstanceFormValues;
  label: string;
  values: readonly string[];
  hint: string;
}[];

/** The saved instance; after an add, with its agent's first token. */
type SavedInstance = Instance & { agent_token?: string };

interface InstanceFormModalProps {
  /** The instance to edit, or null to add one. */
  instance: Instance | null;
  onClose: () => void;
}

function initialValues(instance: Instance | null): InstanceFormValues {
  return {
    instance_id: instance?.instance_id ?? '',
    ip_address: instance?.ip_address ?? '',
    current_state: instance?.current_state ?? '',
    gap: instance?.gap ?? '',
    region: instance?.region ?? '',
    type: instance?.type ?? '',
    cost: instance ? String(instance.cost) : '',
  };
}

/**
 * 'Add New Instance' / 'Edit Instance', with the contract's messages; editing also offers a new
 * agent token.
 */
export function InstanceFormModal({ instance, onClose }: InstanceFormModalProps) {
  const [agentToken, setAgentToken] = useState<string | null>(null);
  const { form, errors, modal } = useResourceForm<InstanceFormValues, SavedInstance>({
    recordId: instance?.id ?? null,
    noun: 'Instance',
    // Sent as typed: the server reads the cost's text by the same schema.
    resolver: contractResolver<InstanceFormValues>(instanceInputSchema),
    defaultValues: initialValues(instance),
    resource: instancesResource,
    messages: { created: INSTANCE_MESSAGES.created, updated: INSTANCE_MESSAGES.updated },
    onClose,
    // A new instance's token is answered this once: the dialog shows it before it closes.
    onSaved: (answer) =>
      answer.agent_token === undefined ? onClose() : setAgentToken(answer.agent_token),
  });

  if (agentToken !== null) return <NewAgentToken token={agentToken} onClose={onClose} />;

  return (
    <FormModal {...modal}>
      <FormErrorAlert errors={errors} />
      <div className="row">
        <TextField
          className="col-sm-6 mb-3"
          label="Instance ID"
          autoComplete="off"
          registration={form.register('instance_id')}
          error={errors.instance_id}
        />
        <TextField
          className="col-sm-6 mb-3"
          label="IP Address"
          autoComplete="off"
          placeholder="e.g. 203.0.113.10"
          registration={form.register('ip_address')}
          error={errors.ip_address}
        />
        {CHOICE_FIELDS.map((field) => (
          <SelectField
            key={field.name}
            className="col-sm-6 mb-3"
            label={field.label}
            options={field.values.map((value) => ({ value, label: value }))}
            placeholder={`Select ${field.hint}`}
            registration={form.register(field.name)}
            error={errors[field.name]}
          />
        ))}
        <TextField
          className="col-sm-6"
          label="Cost (₹)"
          inputMode="decimal"
          registration={form.register('cost')}
          error={errors.cost}
        />
      </div>
      {instance && <AgentTokenRotation instanceId={instance.id} />}
      {instance && <HistoryPanel subjectType="instance" subjectId={instance.id} />}
    </FormModal>
  );
}

/** After Add Instance: the agent's first token, shown once, and Done. */
function NewAgentToken({ token, onClose }: { token: string; onClose: () => void }) {
  return (
    <SecretAddedModal title="Instance added" label="Agent token" secret={token} onClose={onClose}>
      The browser agent on this instance sends this token as{' '}
      <code>Authorization: Bearer &lt;token&gt;</code> to the agent API. Only a hash is kept: a lost
      token is replaced by rotating it in the instance's form.
    </SecretAddedModal>
  );
}

/** The instance's browser agent signs in with this token; a new one replaces it at once. */
function AgentTokenRotation({ instanceId }: { instanceId: number }) {
  const rotateToken = useRotateAgentToken(instanceId);
  return (
    <>
      <hr />
      <p className="form-label mb-1">Agent token</p>
      <p className="form-text mt-0">
        The browser agent on this instance sends it as{' '}
        <code>Authorization: Bearer &lt;token&gt;</code> to the agent API (<code>/api/agent/…</code>
        ). Only a hash is kept.
      </p>
      <RotateSecret
        actionLabel="Rotate agent token"
        secretLabel="New agent token"
        warning="The current token stops working at once: the agent cannot sign in until it holds the new one."
        rotate={() => rotateToken.mutateAsync()}
      />
    </>
  );
}
