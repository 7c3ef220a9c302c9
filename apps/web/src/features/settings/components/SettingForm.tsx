import {
  SETTING_MESSAGES,
  SETTING_TYPES,
  type Setting,
  type SettingType,
  settingCreateSchema,
  settingUpdateSchema,
  settingValueProblem,
} from '@sitefleet/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/FormErrorAlert.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/form/FormField.tsx';
import { InternalUrlWarning } from '../../../components/form/InternalUrlWarning.tsx';
import { PageFormFooter } from '../../../components/form/PageFormFooter.tsx';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { bindServerErrors } from '../../../lib/form-errors.ts';
import { paths } from '../../../lib/paths.ts';
import { notifySuccess } from '../../../lib/toast.tsx';
import { useCreateSetting, useSettingGroupOptions, useUpdateSetting } from '../api/setting.ts';
import { SettingValueField } from './SettingValueField.tsx';

interface SettingFormValues {
  name: string;
  value: string;
  type: SettingType;
  description: string;
  /** null: the group of the settings that share the name's prefix. */
  group_id: number | null;
  is_secret: boolean;
}

const TYPE_OPTIONS = SETTING_TYPES.map((type) => ({ value: type, label: type }));

/** On edit the value is checked against the stored type, with the contract's one check. */
function updateSchemaFor(setting: Setting) {
  return settingUpdateSchema.superRefine((input, context) => {
    const problem = settingValueProblem(setting.full_path, setting.type, input.value);
    if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
}

/** A new setting: name (dotted path), type, value, description, group and secrecy. */
export function SettingCreateForm() {
  const form = useForm<SettingFormValues>({
    resolver: contractResolver(settingCreateSchema),
    defaultValues: {
      name: '',
      value: '',
      type: 'text',
      description: '',
      group_id: null,
      is_secret: false,
    },
  });
  const { errors } = form.formState;
  const groups = useSettingGroupOptions();
  const save = useCreateSetting();
  const navigate = useNavigate();
  const type = form.watch('type');

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: ({ setting }) => {
        notifySuccess(SETTING_MESSAGES.created);
        // Edit mode, with the group's card.
        void navigate(paths.settingEdit(setting.id), { replace: true });
      },
      onError: (error) => bindServerErrors(error, form),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="card mb-4">
      <div className="card-body">
        <FormErrorAlert errors={errors} />
        <div className="row">
          <TextField
            className="col-md-6 mb-3"
            label="Name"
            placeholder="app.name"
            autoComplete="off"
            help="A dotted path: the first part groups it with the settings that share it."
            registration={form.register('name')}
            error={errors.name}
          />
          <SelectField
            className="col-md-6 mb-3"
            label="Type"
            options={TYPE_OPTIONS}
            registration={form.register('type')}
            error={errors.type}
          />
        </div>
        <SettingValueField
          type={type}
          help={type === 'url' && <InternalUrlWarning control={form.control} name="value" />}
          registration={form.register('value')}
          error={errors.value}
        />
        <TextAreaField
          label="Description"
          rows={2}
          registration={form.register('description')}
          error={errors.description}
        />
        <div className="row">
          <SelectField
            className="col-md-6 mb-3"
            label="Group"
            placeholder="From the name's first part"
            options={(groups.data ?? []).map((group) => ({
              value: group.id,
              label: `${group.maingroup.name} › ${group.name}`,
            }))}
            registration={form.register('group_id', {
              setValueAs: (value: string | number | null) =>
                value === '' || value === null ? null : Number(value),
            })}
            error={errors.group_id}
          />
          <div className="col-md-6 mb-3 d-flex align-items-end">
            <div className="form-check">
              <input
                id="setting-is-secret"
                type="checkbox"
                className="form-check-input"
                {...form.register('is_secret')}
              />
              <label htmlFor="setting-is-secret" className="form-check-label">
                Secret (stored sealed, never shown again)
              </label>
            </div>
          </div>
        </div>
      </div>
      <PageFormFooter busy={save.isPending} backTo={paths.settings} />
    </form>
  );
}

/** An existing setting: name and type read-only; value and description. */
export function SettingEditForm({ setting }: { setting: Setting }) {
  const form = useForm<SettingFormValues>({
    resolver: contractResolver(updateSchemaFor(setting)),
    defaultValues: {
      name: setting.full_path,
      value: setting.value ?? '',
      type: setting.type,
      description: setting.description ?? '',
      group_id: null,
      is_secret: setting.is_secret,
    },
  });
  const { errors } = form.formState;
  const save = useUpdateSetting(setting.id);

  const submit = form.handleSubmit(({ name, value, type, description }) =>
    save.mutate(
      { name, value, type, description },
      {
        onSuccess: ({ setting: saved }) => {
          notifySuccess(SETTING_MESSAGES.updated);
          form.reset({
            ...form.getValues(),
            value: saved.value ?? '',
            description: saved.description ?? '',
          });
        },
        onError: (error) => bindServerErrors(error, form),
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="card mb-4">
      <div className="card-body">
        <FormErrorAlert errors={errors} />
        <div className="row">
          <TextField
            className="col-md-6 mb-3"
            label="Name"
            readOnly
            registration={form.register('name')}
            error={errors.name}
          />
          <TextField
            className="col-md-6 mb-3"
            label="Type"
            readOnly
            registration={form.register('type')}
            error={errors.type}
          />
        </div>
        <SettingValueField
          type={setting.type}
          keepsSecret={setting.is_secret && setting.has_value}
          help={
            setting.type === 'url' && <InternalUrlWarning control={form.control} name="value" />
          }
          registration={form.register('value')}
          error={errors.value}
        />
        <TextAreaField
          label="Description"
          rows={2}
          registration={form.register('description')}
          error={errors.description}
        />
      </div>
      <PageFormFooter busy={save.isPending} backTo={paths.settings} />
    </form>
  );
}
