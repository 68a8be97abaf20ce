import type {
  AuditEntry,
  InviteStaffRequest,
  MeResponse,
  RegistrationVerifyRequest,
  SignInVerifyRequest,
  StaffMember,
  StaffRole,
} from '@hhp/proto';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from '../../shared/api/api';

const BASE = '/api/practice';

/**
 * The practice's console's calls (services/practice, proto/src/practice.ts). Who is signed in (`me`) is one cache
 * entry: registering or signing in answers it, signing out ends it, and every list is read again after either.
 */
export const practiceApi = api
  .enhanceEndpoints({ addTagTypes: ['PracticeMe', 'PracticeStaff', 'PracticeAudit'] })
  .injectEndpoints({
    endpoints: (build) => ({
      practiceMe: build.query<MeResponse, void>({
        query: () => `${BASE}/me`,
        providesTags: ['PracticeMe'],
        keepUnusedDataFor: 0,
      }),
      registerOptions: build.mutation<PublicKeyCredentialCreationOptionsJSON, { token: string }>({
        query: (body) => ({ url: `${BASE}/register/options`, method: 'POST', body }),
      }),
      registerVerify: build.mutation<MeResponse, RegistrationVerifyRequest>({
        query: (body) => ({ url: `${BASE}/register/verify`, method: 'POST', body }),
        invalidatesTags: ['PracticeMe', 'PracticeStaff', 'PracticeAudit'],
      }),
      signInOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, void>({
        query: () => ({ url: `${BASE}/sign-in/options`, method: 'POST', body: {} }),
      }),
      signInVerify: build.mutation<MeResponse, SignInVerifyRequest>({
        query: (body) => ({ url: `${BASE}/sign-in/verify`, method: 'POST', body }),
        invalidatesTags: ['PracticeMe', 'PracticeStaff', 'PracticeAudit'],
      }),
      signOut: build.mutation<{ message: string }, void>({
        query: () => ({ url: `${BASE}/sign-out`, method: 'POST', body: {} }),
      }),
      staffList: build.query<{ staff: StaffMember[] }, void>({
        query: () => `${BASE}/staff`,
        providesTags: ['PracticeStaff'],
        keepUnusedDataFor: 0,
      }),
      inviteStaff: build.mutation<{ email: string; role: StaffRole; expiresAt: string }, InviteStaffRequest>({
        query: (body) => ({ url: `${BASE}/staff/invite`, method: 'POST', body }),
        invalidatesTags: ['PracticeStaff', 'PracticeAudit'],
      }),
      revokeStaff: build.mutation<{ message: string }, { id: string }>({
        query: ({ id }) => ({ url: `${BASE}/staff/${encodeURIComponent(id)}/revoke`, method: 'POST', body: {} }),
        invalidatesTags: ['PracticeStaff', 'PracticeAudit'],
      }),
      auditLog: build.query<{ entries: AuditEntry[] }, void>({
        query: () => ({ url: `${BASE}/audit`, params: { limit: '50' } }),
        providesTags: ['PracticeAudit'],
        keepUnusedDataFor: 0,
      }),
    }),
  });

export const {
  usePracticeMeQuery,
  useRegisterOptionsMutation,
  useRegisterVerifyMutation,
  useSignInOptionsMutation,
  useSignInVerifyMutation,
  useSignOutMutation,
  useStaffListQuery,
  useInviteStaffMutation,
  useRevokeStaffMutation,
  useAuditLogQuery,
} = practiceApi;
