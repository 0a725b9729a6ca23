import { Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/** The rule pack every stack is checked against. */
export const NAG_PACK = 'AwsSolutions';

/** Acknowledges one cdk-nag finding on `scope` and everything below it, with the reason it is fine. */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `${NAG_PACK}-${rule}`, reason });
}

/**
 * The string cdk-nag shows for a CloudFormation value in a finding id: `Fn::GetAtt` as
 * `<Logical.Attr>`, `Ref` as `<Name>`, joins concatenated, imports by export name. Same format as
 * cdk-nag's own flattening, so acknowledgments match findings exactly.
 */
export function flattenCfnValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (Array.isArray(node['Fn::Join'])) {
      const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
      return items.map(flattenCfnValue).join(delimiter);
    }
    if (node['Fn::Sub'] !== undefined) return flattenCfnValue(node['Fn::Sub']);
    if (Array.isArray(node['Fn::GetAtt'])) {
      const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenCfnValue(resource)}.${flattenCfnValue(attribute)}>`;
    }
    if (node['Fn::ImportValue'] !== undefined) return flattenCfnValue(node['Fn::ImportValue']);
    if (node['Ref'] !== undefined) return `<${flattenCfnValue(node['Ref'])}>`;
  }
  return JSON.stringify(value);
}

/**
 * Acknowledges the IAM5 (wildcard) finding for one resource pattern on a role's policies, e.g. the
 * objects of the creative bucket (`<bucket arn>/*`): object keys and connection ids are not known
 * when the policy is written, so the wildcard is the narrowest statement there is.
 *
 * The finding id embeds the resource as the *consuming* stack renders it (an import, a nested-stack
 * parameter...), which is only known after CDK has wired cross-stack references. So the id is
 * computed in a validation hook, which runs after that wiring and before cdk-nag, and only this
 * exact pattern is acknowledged: any other wildcard still fails the synth.
 */
export function allowWildcardResource(role: IConstruct, resource: string, reason: string): void {
  role.node.addValidation({
    validate: () => {
      const rendered = flattenCfnValue(Stack.of(role).resolve(resource));
      acknowledge(role, `IAM5[Resource::${rendered}]`, reason);
      return [];
    },
  });
}

interface PolicyStatementJson {
  Effect?: string;
  Action?: unknown;
  Resource?: unknown;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** The IAM5 findings of a resolved policy document, as cdk-nag names them. */
export function wildcardFindings(document: unknown): string[] {
  const findings = new Set<string>();
  const statements = asArray((document as { Statement?: unknown } | undefined)?.Statement) as PolicyStatementJson[];
  for (const statement of statements) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of asArray(statement.Action)) {
      if (typeof action === 'string' && action.includes('*')) findings.add(`Action::${action}`);
    }
    for (const resource of asArray(statement.Resource)) {
      const flat = flattenCfnValue(resource);
      if (flat.includes('*')) findings.add(`Resource::${flat}`);
    }
  }
  return [...findings];
}

/** A rule acknowledged on constructs that aws-cdk-lib creates for us (not our own resources). */
export interface LibraryAcknowledgment {
  readonly rule: string;
  readonly reason: string;
}

/**
 * Acknowledges findings on helper resources aws-cdk-lib adds by itself (the BucketDeployment
 * handler, the auto-delete-objects provider) whose code and policies we do not write. They are
 * found by construct id prefix at validation time (they are created lazily, as stack-wide
 * singletons), and only the listed rules plus the exact IAM5 findings of their own policies are
 * acknowledged, each with `wildcardReason`.
 */
export function acknowledgeLibraryHelpers(
  stack: Stack,
  idPrefix: string,
  acknowledgments: readonly LibraryAcknowledgment[],
  wildcardReason: string,
): void {
  stack.node.addValidation({
    validate: () => {
      for (const helper of stack.node.children.filter((c) => c.node.id.startsWith(idPrefix))) {
        for (const { rule, reason } of acknowledgments) acknowledge(helper, rule, reason);
        for (const node of helper.node.findAll()) {
          for (const document of policyDocuments(node)) {
            for (const finding of wildcardFindings(document)) acknowledge(node, `IAM5[${finding}]`, wildcardReason);
          }
        }
      }
      return [];
    },
  });
}

/** Resolved policy documents of an IAM policy or role (none for any other construct). */
function policyDocuments(node: IConstruct): unknown[] {
  if (node instanceof iam.CfnPolicy) return [Stack.of(node).resolve(node.policyDocument)];
  if (node instanceof iam.CfnRole) {
    const policies = asArray(Stack.of(node).resolve(node.policies)) as Array<{
      policyDocument?: unknown;
      PolicyDocument?: unknown;
    }>;
    return policies.map((p) => Stack.of(node).resolve(p.policyDocument ?? p.PolicyDocument));
  }
  return [];
}
